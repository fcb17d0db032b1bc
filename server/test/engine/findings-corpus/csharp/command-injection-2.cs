// silent: security/command-injection
using System.Diagnostics;
using Microsoft.AspNetCore.Mvc;

namespace Ops.Api.Controllers;

[ApiController]
[Route("api/tools")]
public class ToolsController : ControllerBase
{
    [HttpPost("ping")]
    public async Task<IActionResult> Ping([FromForm] string host)
    {
        var psi = new ProcessStartInfo("ping")
        {
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };
        psi.ArgumentList.Add("-c");
        psi.ArgumentList.Add("3");
        psi.ArgumentList.Add(host);
        using var process = Process.Start(psi)!;
        var output = await process.StandardOutput.ReadToEndAsync();
        return Ok(output);
    }
}
