// expect: performance/linear-search-in-loop@10
import java.util.ArrayList;
import java.util.List;

public class Ranking {
    public int[] positions(List<String> queries) {
        List<String> ranked = new ArrayList<>(List.of("alpha", "beta", "gamma", "delta"));
        int[] out = new int[queries.size()];
        for (int i = 0; i < queries.size(); i++) {
            out[i] = ranked.indexOf(queries.get(i));
        }
        return out;
    }
}
