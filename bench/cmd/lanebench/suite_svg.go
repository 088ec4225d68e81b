package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"
)

// The suite's chart, one per kernel class: a row per benchmark, two bars
// per row (the PR's strategy, lanehash's) drawn from a centre line at
// keccak ÷ sha2 = 1 on a log scale, to the left and green where
// Keccak-256 is faster, to the right and red where SHA-256 is. Which rows
// Keccak wins is the picture's first read.

const (
	suiteSVGWidth  = 1100
	suiteSVGLabelW = 430
	suiteSVGRowH   = 22
	suiteSVGHead   = 96
	// suiteSVGSpan is the log2 of the largest ratio drawn full width (4×
	// either way); bars beyond it are clamped and say so in their label.
	suiteSVGSpan = 2.0
)

// writeSuiteSVG draws class cl of rs.
func writeSuiteSVG(w io.Writer, m machine, rs []suiteResult, cl kernelClass) error {
	names := suiteRowNames(rs)
	height := suiteSVGHead + len(names)*suiteSVGRowH + 40
	var b svgBuilder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" %s font-size="12">`+"\n", suiteSVGWidth, height, suiteSVGWidth, height, svgFont)
	b.WriteString(`<rect width="100%" height="100%" fill="#ffffff"/>` + "\n")
	b.text(16, 26, `font-size="17" font-weight="bold"`, "libssz matrix, keccak ÷ sha2 per row: "+cl.Title)
	b.text(16, 46, `fill="#444"`, fmt.Sprintf("%s (%s), CPU time per hash_tree_root, one thread; load average %s", m.CPU, m.Microarchitecture, m.LoadAverage))
	b.text(16, 64, `fill="#444"`, "Left of the line (green): Keccak-256 faster. Right (red): SHA-256 faster. Upper bar: PR strategy (per object, per level); lower bar: lanehash (lockstep / tiled). Grey: no hashing.")
	plotX := float64(suiteSVGLabelW)
	plotW := float64(suiteSVGWidth - suiteSVGLabelW - 140)
	mid := plotX + plotW/2
	top := float64(suiteSVGHead)
	bottom := top + float64(len(names)*suiteSVGRowH)
	for _, tick := range []float64{0.25, 0.5, 1, 2, 4} {
		x := mid + math.Log2(tick)/suiteSVGSpan*plotW/2
		stroke := `stroke="#dddddd" stroke-width="1"`
		if tick == 1 {
			stroke = `stroke="#333333" stroke-width="1.5"`
		}
		b.line(x, top-6, x, bottom, stroke)
		b.text(x, top-10, `font-size="10" fill="#666" text-anchor="middle"`, fmt.Sprintf("%g×", tick))
	}
	y := top
	for _, name := range names {
		b.text(plotX-8, y+14, `text-anchor="end"`, name)
		for i, s := range []string{suitePR, suiteLanehash} {
			ratio, ok := keccakOverSHA(rs, name, cl.Name, s)
			if !ok || ratio <= 0 {
				continue
			}
			sha, _ := suiteCell(rs, name, cl.Name, s, "sha256")
			l := math.Log2(ratio) / suiteSVGSpan
			clamped := math.Abs(l) > 1
			l = math.Max(-1, math.Min(1, l))
			color := "#c0392b"
			if ratio < keccakWins {
				color = "#27ae60"
			}
			if sha.NoHash {
				color = "#aaaaaa"
			}
			by := y + 3 + float64(i)*8
			x0, x1 := mid, mid+l*plotW/2
			if x1 < x0 {
				x0, x1 = x1, x0
			}
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="7" fill="%s"/>`+"\n", x0, by, math.Max(x1-x0, 1), color)
			label := fmt.Sprintf("%.2f", ratio)
			if clamped {
				label += " (beyond scale)"
			}
			if i == 0 {
				b.text(plotX+plotW+8, y+10, `font-size="10" fill="#222"`, "PR "+label)
			} else {
				b.text(plotX+plotW+8, y+20, `font-size="10" fill="#222"`, "lanehash "+label)
			}
		}
		y += suiteSVGRowH
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// suiteSVGPath is the chart file of class cl: path with the class name
// before its extension (chart.svg → chart-avx2.svg).
func suiteSVGPath(path string, cl kernelClass) string {
	if base, ok := strings.CutSuffix(path, ".svg"); ok {
		return base + "-" + cl.Name + ".svg"
	}
	return path + "-" + cl.Name + ".svg"
}

// writeSuiteCharts writes one chart per class and returns their paths.
func writeSuiteCharts(path string, m machine, rs []suiteResult, classes []kernelClass) ([]string, error) {
	var paths []string
	for _, cl := range classes {
		p := suiteSVGPath(path, cl)
		f, err := os.Create(p)
		if err != nil {
			return paths, err
		}
		if err := writeSuiteSVG(f, m, rs, cl); err != nil {
			f.Close()
			return paths, err
		}
		if err := f.Close(); err != nil {
			return paths, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}
