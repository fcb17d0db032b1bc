// silent: security/command-injection
import java.io.IOException;

public class Janitor {
    public void cleanTmp() throws IOException, InterruptedException {
        Process p = Runtime.getRuntime().exec(new String[] {"find", "/tmp/app", "-mtime", "+7", "-delete"});
        p.waitFor();
    }
}
