// silent: security/code-injection
import java.util.Map;
import org.springframework.expression.Expression;
import org.springframework.expression.spel.standard.SpelExpressionParser;

public class DiscountRules {
    private static final Map<String, String> RULES = Map.of(
            "bulk", "quantity > 100 ? 0.1 : 0",
            "vip", "customer.vip ? 0.15 : 0");
    private final SpelExpressionParser parser = new SpelExpressionParser();

    public Expression rule(String name) {
        return parser.parseExpression("quantity > 100 ? 0.1 : 0");
    }

    public Object evaluate(FormulaEngine engine, String text) {
        return engine.eval(text);
    }
}
