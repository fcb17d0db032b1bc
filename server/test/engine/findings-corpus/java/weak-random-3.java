// silent: security/weak-random
import java.util.List;
import java.util.Random;

public class LoadBalancer {
    private final Random random = new Random();

    public String pick(List<String> backends) {
        return backends.get(random.nextInt(backends.size()));
    }
}
