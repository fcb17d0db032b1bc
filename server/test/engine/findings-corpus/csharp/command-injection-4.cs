// silent: security/command-injection
using System.Diagnostics;

namespace Deploy.Cli;

public static class GitInfo
{
    public static string LastCommits(string branch)
    {
        var process = Process.Start(new ProcessStartInfo("git", "log --oneline -n 5 " + branch)
        {
            RedirectStandardOutput = true,
        })!;
        var text = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return text;
    }
}
