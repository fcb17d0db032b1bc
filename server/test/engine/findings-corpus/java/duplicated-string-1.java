// expect: maintainability/duplicated-string@6
import java.util.Map;

public class Errors {
    public Map<String, String> forField(String field, boolean missing, boolean tooLong, boolean invalid) {
        if (missing) return Map.of(field, "Please check this value");
        if (tooLong) return Map.of(field, "Please check this value");
        if (invalid) return Map.of(field, "Please check this value");
        return Map.of();
    }
}
