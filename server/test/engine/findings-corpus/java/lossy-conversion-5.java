// silent: best_practices/lossy-conversion
public class Names {
    public char initialLength(String name) {
        return (char) name.length();
    }

    public int percent(int done, int total) {
        return (int) (done * 100.0 / total);
    }
}
