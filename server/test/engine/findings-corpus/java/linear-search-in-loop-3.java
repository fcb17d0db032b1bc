// expect: performance/linear-search-in-loop@9
import java.util.ArrayList;
import java.util.List;

public class Dedup {
    public List<Integer> unique(int[] values) {
        List<Integer> seen = new ArrayList<>();
        for (int v : values) {
            if (!seen.contains(v)) {
                seen.add(v);
            }
        }
        return seen;
    }
}
