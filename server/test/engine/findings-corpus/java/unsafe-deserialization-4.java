// expect: security/unsafe-deserialization@7
import java.beans.XMLDecoder;
import java.io.InputStream;

public class LayoutLoader {
    public Object load(InputStream in) {
        try (XMLDecoder decoder = new XMLDecoder(in)) {
            return decoder.readObject();
        }
    }
}
