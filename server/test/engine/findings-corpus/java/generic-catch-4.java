// expect: best_practices/generic-catch@11
import java.util.logging.Level;
import java.util.logging.Logger;

public class Scheduler {
    private static final Logger LOG = Logger.getLogger(Scheduler.class.getName());

    public void tick(Runnable job) {
        try {
            job.run();
        } catch (Throwable t) {
            LOG.log(Level.SEVERE, "job failed", t);
        }
    }
}
