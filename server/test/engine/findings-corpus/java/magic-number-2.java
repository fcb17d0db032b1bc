// silent: maintainability/magic-number
public class Throttle {
    private static final int MAX_PER_MINUTE = 120;

    public boolean allow(int requestsThisMinute) {
        return requestsThisMinute <= MAX_PER_MINUTE;
    }
}
