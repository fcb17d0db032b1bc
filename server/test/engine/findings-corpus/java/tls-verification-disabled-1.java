// expect: security/tls-verification-disabled@6
import javax.net.ssl.HttpsURLConnection;

public class LegacyClient {
    public static void trustEveryHost() {
        HttpsURLConnection.setDefaultHostnameVerifier((hostname, session) -> true);
    }
}
