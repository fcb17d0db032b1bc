// silent: best_practices/resource-leak
import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;

public class FirstLine {
    public String read(String path) throws IOException {
        try (BufferedReader reader = new BufferedReader(new FileReader(path))) {
            return reader.readLine();
        }
    }
}
