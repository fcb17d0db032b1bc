// expect: security/code-injection@15
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import javax.script.ScriptException;
import javax.servlet.http.HttpServletRequest;

public class FormulaController {
    private final ScriptEngine engine = new ScriptEngineManager().getEngineByName("javascript");

    public String preview(HttpServletRequest request) throws ScriptException {
        String formula = request.getParameter("formula");
        if (formula == null || formula.isBlank()) {
            return "0";
        }
        return String.valueOf(engine.eval(formula));
    }
}
