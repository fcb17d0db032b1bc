// silent: security/unsafe-deserialization
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;

public class SessionStore {
    private final ObjectMapper mapper = new ObjectMapper();

    public Session read(InputStream in) throws IOException {
        return mapper.readValue(in, Session.class);
    }

    public record Session(String user, long expires) {}
}
