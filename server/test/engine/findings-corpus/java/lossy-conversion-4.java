// expect: best_practices/lossy-conversion@6
import java.io.File;

public class Upload {
    public byte[] buffer(File file) {
        return new byte[(int) file.length()];
    }
}
