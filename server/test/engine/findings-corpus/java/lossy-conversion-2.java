// silent: best_practices/lossy-conversion
public class Ids {
    public int parseId(String raw) {
        return Math.toIntExact(Long.parseLong(raw));
    }
}
