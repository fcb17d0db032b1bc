// silent: best_practices/lossy-conversion
using System;

public static class Ids
{
    public static int Parse(string raw)
    {
        return int.Parse(raw);
    }
}
