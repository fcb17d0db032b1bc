// expect: maintainability/magic-number@4
public class Throttle {
    public boolean allow(int requestsThisMinute) {
        return requestsThisMinute <= 120;
    }
}
