package main

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// How the chart is drawn: horizontal bars (long kernel and workload names
// stay readable without rotated text) on a logarithmic axis shared by
// every column, so that a 16 µs portable kernel and a 10 ns wide-tree
// element sit in one picture without flattening the rest.
const (
	svgWidth      = 1360
	svgMargin     = 16
	svgLabelW     = 250 // row labels, right-aligned before the columns
	svgNotesW     = 170 // room after the longest bar for its value and ratios
	svgColGap     = 24
	svgRowH       = 17
	svgBarH       = 12
	svgGroupH     = 22  // a group's title line
	svgPanelHead  = 52  // a panel's title, column headings and axis labels
	svgWideDecade = 150 // px per decade from which 2 and 5 ticks are labelled
	svgFont       = `font-family="DejaVu Sans, Helvetica, Arial, sans-serif"`
)

// logAxis maps values to bar lengths between 10^lo and 10^hi, where lo
// and hi are the logarithms of round values (1, 2 or 5 times a power of
// ten) just outside the smallest and largest bar.
type logAxis struct{ lo, hi float64 }

// niceSteps are the round values ticks and axis ends fall on.
var niceSteps = []float64{1, 2, 5}

// niceBelow is the largest round value not above v.
func niceBelow(v float64) float64 {
	p := math.Pow10(int(math.Floor(math.Log10(v))))
	best := p
	for _, s := range niceSteps {
		if s*p <= v {
			best = s * p
		}
	}
	return best
}

// niceAbove is the smallest round value not below v.
func niceAbove(v float64) float64 {
	p := math.Pow10(int(math.Floor(math.Log10(v))))
	for _, s := range append(niceSteps, 10) {
		if s*p >= v {
			return s * p
		}
	}
	return 10 * p
}

// axisOf is the axis spanning every bar of c, with room for the
// shortest bar to have a visible length.
func axisOf(c chart) logAxis {
	minV, maxV := math.Inf(1), 0.0
	for _, p := range c.Panels {
		for _, g := range p.Groups {
			for _, r := range g.Rows {
				for _, b := range r.Cells {
					if b.OK {
						minV, maxV = math.Min(minV, b.Value), math.Max(maxV, b.Value)
					}
				}
			}
		}
	}
	if maxV == 0 {
		return logAxis{0, 1}
	}
	return logAxis{math.Log10(niceBelow(minV / 1.5)), math.Log10(niceAbove(maxV))}
}

// length is the bar length of v on an axis of width px.
func (a logAxis) length(v, px float64) float64 {
	f := (math.Log10(v) - a.lo) / (a.hi - a.lo)
	return math.Max(2, px*math.Min(math.Max(f, 0), 1))
}

// ticks are the round values on the axis, from its low end up.
func (a logAxis) ticks() []float64 {
	var ts []float64
	for e := int(math.Floor(a.lo)); e <= int(math.Ceil(a.hi)); e++ {
		for _, s := range niceSteps {
			v := s * math.Pow10(e)
			if l := math.Log10(v); l >= a.lo-1e-9 && l <= a.hi+1e-9 {
				ts = append(ts, v)
			}
		}
	}
	return ts
}

// tickLabel writes a tick's value in ns the way people read durations.
func tickLabel(v float64) string {
	switch {
	case v < 1e3:
		return fmt.Sprintf("%g ns", v)
	case v < 1e6:
		return fmt.Sprintf("%g µs", v/1e3)
	}
	return fmt.Sprintf("%g ms", v/1e6)
}

// svgBuilder accumulates SVG elements, escaping every text.
type svgBuilder struct{ strings.Builder }

func (b *svgBuilder) text(x, y float64, attrs, s string) {
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" %s>%s</text>`+"\n", x, y, attrs, html.EscapeString(s))
}

func (b *svgBuilder) bar(x, y, w, h float64, st barStyle) {
	if st.Light {
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" fill-opacity="0.35" stroke="%s" stroke-width="1.2"/>`+"\n", x, y, w, h, st.Color, st.Color)
		return
	}
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`+"\n", x, y, w, h, st.Color)
}

func (b *svgBuilder) line(x1, y1, x2, y2 float64, attrs string) {
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" %s/>`+"\n", x1, y1, x2, y2, attrs)
}

// panelHeight is the height of p's rows and group titles.
func panelHeight(p panel) float64 {
	h := 0.0
	for _, g := range p.Groups {
		h += svgGroupH + float64(len(g.Rows))*svgRowH
	}
	return h
}

// writeSVG draws c as a self-contained SVG.
func writeSVG(w io.Writer, c chart) error {
	axis := axisOf(c)
	legendRows := (len(c.Legend) + 1) / 2
	head := 62.0 + float64(legendRows)*18 + float64(len(c.Notes))*16 + 12
	height := head
	for _, p := range c.Panels {
		height += svgPanelHead + panelHeight(p) + 40
	}

	var b svgBuilder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%.0f" viewBox="0 0 %d %.0f" %s font-size="12">`+"\n", svgWidth, height, svgWidth, height, svgFont)
	b.WriteString(`<rect width="100%" height="100%" fill="#ffffff"/>` + "\n")
	b.text(svgMargin, 28, `font-size="18" font-weight="bold"`, c.Title)
	b.text(svgMargin, 48, `fill="#444"`, c.Subtitle)

	// The legend: a swatch per strategy and hash, two per line (SHA-256
	// solid, Keccak-256 light), then what the ratios mean.
	y := 66.0
	for i, e := range c.Legend {
		x := float64(svgMargin + (i%2)*260)
		ly := y + float64(i/2)*18
		b.bar(x, ly, 28, svgBarH, e.Style)
		b.text(x+36, ly+10, "", e.Label)
	}
	y += float64(legendRows)*18 + 10
	for _, n := range c.Notes {
		b.text(svgMargin, y+4, `fill="#222"`, n)
		y += 16
	}
	y += 12

	for _, p := range c.Panels {
		y = drawPanel(&b, p, axis, y) + 40
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// drawPanel draws p from the top y and returns the y below it.
func drawPanel(b *svgBuilder, p panel, axis logAxis, y float64) float64 {
	cols := max(len(p.Columns), 1)
	colW := float64(svgWidth-svgMargin-svgLabelW-(cols-1)*svgColGap) / float64(cols)
	barMax := colW - svgNotesW
	colX := func(i int) float64 { return float64(svgLabelW) + float64(i)*(colW+svgColGap) }

	b.text(svgMargin, y+14, `font-size="15" font-weight="bold"`, p.Title)
	top := y + svgPanelHead
	bottom := top + panelHeight(p)
	for i, title := range p.Columns {
		x := colX(i)
		b.text(x, y+32, `font-weight="bold"`, title)
		// Grid lines at 1, 2 and 5 times each power of ten, labelled
		// above and below the bars; powers of ten darker.
		// Powers of ten are always labelled, 2 and 5 times them only
		// where a decade is wide enough for their labels not to collide.
		wide := barMax/(axis.hi-axis.lo) >= svgWideDecade
		for _, v := range axis.ticks() {
			gx := x + axis.length(v, barMax)
			decade := v == math.Pow10(int(math.Round(math.Log10(v))))
			if decade {
				b.line(gx, top-4, gx, bottom, `stroke="#bbbbbb" stroke-width="1"`)
			} else {
				b.line(gx, top-4, gx, bottom, `stroke="#e4e4e4" stroke-width="1"`)
			}
			if !decade && !wide {
				continue
			}
			b.text(gx, top-8, `font-size="10" fill="#666" text-anchor="middle"`, tickLabel(v))
			b.text(gx, bottom+12, `font-size="10" fill="#666" text-anchor="middle"`, tickLabel(v))
		}
	}
	y = top
	for _, g := range p.Groups {
		b.text(svgMargin, y+15, `font-size="13" font-weight="bold"`, g.Title)
		y += svgGroupH
		for _, r := range g.Rows {
			b.text(svgLabelW-8, y+10, `text-anchor="end"`, r.Label)
			for i, cell := range r.Cells {
				x := colX(i)
				if !cell.OK {
					b.text(x+4, y+10, `fill="#999" font-style="italic"`, "not measured (-all measures it)")
					continue
				}
				l := axis.length(cell.Value, barMax)
				b.bar(x, y, l, svgBarH, cell.Style)
				label := formatValue(cell.Value) + " ns"
				if cell.Notes != "" {
					label += "   " + cell.Notes
				}
				b.text(x+l+5, y+10, `fill="#222"`, label)
			}
			y += svgRowH
		}
	}
	return bottom + 14
}

func formatValue(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}
