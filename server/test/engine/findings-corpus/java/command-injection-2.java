// silent: security/command-injection
import java.io.IOException;

public class Pinger {
    public Process ping(String host) throws IOException {
        return new ProcessBuilder("ping", "-c", "3", host).redirectErrorStream(true).start();
    }
}
