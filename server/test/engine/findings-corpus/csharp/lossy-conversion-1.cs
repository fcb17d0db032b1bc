// expect: best_practices/lossy-conversion@8
using System;

public static class Ids
{
    public static int Parse(string raw)
    {
        return (int)long.Parse(raw);
    }
}
