// expect: best_practices/lossy-conversion@4
public class Ids {
    public int parseId(String raw) {
        return (int) Long.parseLong(raw);
    }
}
