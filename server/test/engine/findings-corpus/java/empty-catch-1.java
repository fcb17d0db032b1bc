// expect: best_practices/empty-catch@6
public class Sleeper {
    public static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
        }
    }
}
