// expect: best_practices/generic-catch@9
import java.nio.file.Files;
import java.nio.file.Path;

public class ConfigReader {
    public String read(Path path) {
        try {
            return Files.readString(path);
        } catch (Exception e) {
            return "";
        }
    }
}
