// expect: performance/string-concat-in-loop@8
import java.util.List;

public class CsvLine {
    public String of(List<String> cells) {
        String line = "";
        for (String cell : cells) {
            line = line + cell + ",";
        }
        return line;
    }
}
