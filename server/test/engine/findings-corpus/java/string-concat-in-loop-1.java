// expect: performance/string-concat-in-loop@8
import java.util.List;

public class Report {
    public String render(List<String> names) {
        String out = "";
        for (String name : names) {
            out += name + "\n";
        }
        return out;
    }
}
