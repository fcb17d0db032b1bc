// expect: performance/linear-search-in-loop@9
import java.util.ArrayList;
import java.util.List;

public class Reconciler {
    public List<String> unmatched(List<String> ledger, List<String> bank) {
        List<String> out = new ArrayList<>();
        for (String entry : ledger) {
            if (!bank.contains(entry)) {
                out.add(entry);
            }
        }
        return out;
    }
}
