// expect: security/unsafe-deserialization@8
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;

public class SessionStore {
    public Object read(InputStream in) throws IOException, ClassNotFoundException {
        ObjectInputStream ois = new ObjectInputStream(in);
        return ois.readObject();
    }
}
