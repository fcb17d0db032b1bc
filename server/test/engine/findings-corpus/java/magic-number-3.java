// expect: maintainability/magic-number@4
public class RetryPolicy {
    public boolean shouldRetry(int retries, Exception e) {
        return retries < 3 && !(e instanceof IllegalArgumentException);
    }
}
