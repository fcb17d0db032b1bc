// expect: security/reflected-xss@16
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class WelcomeController {
    private final TeamService teams;

    public WelcomeController(TeamService teams) {
        this.teams = teams;
    }

    @GetMapping("/welcome")
    public String welcome(@RequestParam(defaultValue = "guest") String name) {
        return "<h1>Welcome, " + name + "!</h1><p>" + teams.count() + " teams are waiting for you.</p>";
    }
}
