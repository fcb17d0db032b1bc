// silent: performance/regex-in-loop
import java.util.List;
import java.util.regex.Pattern;

public class EmailFilter {
    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+$");

    public long countValid(List<String> emails) {
        long n = 0;
        for (String e : emails) {
            if (EMAIL.matcher(e).matches()) {
                n++;
            }
        }
        return n;
    }
}
