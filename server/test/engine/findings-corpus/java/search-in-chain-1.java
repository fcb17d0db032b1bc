// expect: performance/search-in-chain@9
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

public class Orders {
    public List<String> flagged(List<String> orderIds, List<String> fraudList) {
        List<String> fraud = new ArrayList<>(fraudList);
        return orderIds.stream().filter(id -> fraud.contains(id)).collect(Collectors.toList());
    }
}
