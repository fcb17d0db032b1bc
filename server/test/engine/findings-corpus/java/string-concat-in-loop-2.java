// silent: performance/string-concat-in-loop
import java.util.List;

public class Report {
    public String render(List<String> names) {
        StringBuilder out = new StringBuilder();
        for (String name : names) {
            out.append(name).append('\n');
        }
        return out.toString();
    }
}
