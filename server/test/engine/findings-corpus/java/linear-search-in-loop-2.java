// silent: performance/linear-search-in-loop
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

public class Reconciler {
    public List<String> unmatched(List<String> ledger, List<String> bank) {
        Set<String> bankSet = new HashSet<>(bank);
        List<String> out = new ArrayList<>();
        for (String entry : ledger) {
            if (!bankSet.contains(entry)) {
                out.add(entry);
            }
        }
        return out;
    }
}
