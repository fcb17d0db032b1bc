// silent: security/log-injection
using Microsoft.AspNetCore.Mvc;

namespace Auth.Api.Controllers;

[ApiController]
[Route("api/auth")]
public class AuthController : ControllerBase
{
    private readonly ILogger<AuthController> _logger;

    public AuthController(ILogger<AuthController> logger) => _logger = logger;

    [HttpPost("login")]
    public IActionResult Login([FromForm] string username)
    {
        _logger.LogInformation("Login attempt for {Username}", username);
        var agent = Request.Headers["User-Agent"].ToString().Replace("\r", "").Replace("\n", "");
        _logger.LogDebug("Client " + agent);
        return Ok();
    }
}
