// expect: security/hardcoded-secret@7
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

public class Db {
    private static final String DB_PASSWORD = "s3cr3t-Pr0d-2024!";

    public static Connection open() throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://db:5432/app", "app", DB_PASSWORD);
    }
}
