// silent: security/weak-random
import java.util.Random;

public class Retry {
    private final Random jitter = new Random();

    public long backoffMillis(int attempt) {
        int errorCode = jitter.nextInt(3);
        return (1L << attempt) * 100 + jitter.nextInt(50) + errorCode;
    }
}
