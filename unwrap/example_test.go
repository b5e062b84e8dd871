package unwrap_test

import (
	"fmt"

	"github.com/urlgrep/urlgrep/unwrap"
)

// A Safe Link around a Proofpoint URL Defense v3 link: the "*" in the
// inner URL stands for "~", base64url "fg" after "__;".
func ExampleUnwrap() {
	in := "https://nam12.safelinks.protection.outlook.com/?url=" +
		"https%3A%2F%2Furldefense.com%2Fv3%2F__https%3A%2F%2Fwww.example.com%2F%2Abob%2Freport.pdf__%3Bfg%21%21ABCdef%21ghi123%24" +
		"&data=05%7C02%7Calice%40example.com%7C1a2b3c4d&sdata=Zm9vYmFy%3D&reserved=0"
	target, by, ok := unwrap.UnwrapString(in)
	fmt.Println(target, by, ok)

	target, by, ok = unwrap.UnwrapString("https://www.example.com/")
	fmt.Println(target, by, ok)
	// Output:
	// https://www.example.com/~bob/report.pdf [safelinks proofpoint-v3] true
	// https://www.example.com/ [] false
}
