// expect: security/hardcoded-secret@9
import java.util.Properties;

public class MailConfig {
    public Properties smtp() {
        Properties props = new Properties();
        props.put("mail.smtp.host", "smtp.example.org");
        props.put("mail.smtp.user", "alerts");
        props.put("mail.smtp.password", "Sup3r-S3cret-Mail!");
        return props;
    }
}
