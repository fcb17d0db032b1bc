// expect: security/command-injection@6
import java.io.IOException;

public class DirLister {
    public Process list(String dir) throws IOException {
        return Runtime.getRuntime().exec(new String[] {"sh", "-c", "ls -la " + dir});
    }
}
