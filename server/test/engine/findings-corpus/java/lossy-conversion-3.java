// expect: best_practices/lossy-conversion@4
public class Clock {
    public int secondsSinceEpoch() {
        return (int) (System.currentTimeMillis() / 1000);
    }
}
