// silent: performance/string-concat-in-loop
import java.util.List;

public class Greeter {
    public void greetAll(List<String> names) {
        for (String name : names) {
            String greeting = "Hello, ";
            greeting += name;
            System.out.println(greeting);
        }
    }
}
