// expect: security/command-injection@6
import java.io.IOException;

public class Pinger {
    public Process ping(String host) throws IOException {
        return Runtime.getRuntime().exec("ping -c 3 " + host);
    }
}
