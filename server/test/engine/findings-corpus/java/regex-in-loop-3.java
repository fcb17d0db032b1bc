// expect: performance/regex-in-loop@9
import java.util.ArrayList;
import java.util.List;

public class Slugger {
    public List<String> slugs(List<String> titles) {
        List<String> out = new ArrayList<>();
        for (String t : titles) {
            out.add(t.toLowerCase().replaceAll("[^a-z0-9]+", "-"));
        }
        return out;
    }
}
