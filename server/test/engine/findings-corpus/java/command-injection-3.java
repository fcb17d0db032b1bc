// expect: security/command-injection@6
import java.io.IOException;

public class Backup {
    public Process dump(String database, String target) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "pg_dump " + database + " > " + target);
        return pb.start();
    }
}
