// expect: security/weak-random@6
import java.util.Random;

public class ApiKeys {
    public String newApiKey() {
        String apiKey = Long.toHexString(new Random().nextLong());
        return "ak_" + apiKey;
    }
}
