// silent: security/hardcoded-secret
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

public class Db {
    private static final String DB_PASSWORD = System.getenv("DB_PASSWORD");

    public static Connection open() throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://db:5432/app", "app", DB_PASSWORD);
    }
}
