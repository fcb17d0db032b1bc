// silent: best_practices/empty-catch
public class Settings {
    public int timeoutSeconds(String raw) {
        int timeout = 30;
        try {
            timeout = Integer.parseInt(raw);
        } catch (NumberFormatException ignored) {
            // Not a number: keep the default timeout.
        }
        return timeout;
    }
}
