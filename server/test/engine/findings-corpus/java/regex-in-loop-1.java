// expect: performance/regex-in-loop@9
import java.util.List;
import java.util.regex.Pattern;

public class EmailFilter {
    public long countValid(List<String> emails) {
        long n = 0;
        for (String e : emails) {
            if (Pattern.compile("^[^@\\s]+@[^@\\s]+$").matcher(e).matches()) {
                n++;
            }
        }
        return n;
    }
}
