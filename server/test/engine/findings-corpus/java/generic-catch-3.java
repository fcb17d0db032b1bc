// silent: best_practices/generic-catch
public class Worker implements Runnable {
    private final Runnable task;

    public Worker(Runnable task) {
        this.task = task;
    }

    @Override
    public void run() {
        try {
            task.run();
        } catch (Exception e) {
            throw new IllegalStateException("task failed", e);
        }
    }
}
