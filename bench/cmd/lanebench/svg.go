package main

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// barGroup is one cluster of bars in the chart: one hash function.
type barGroup struct {
	Title string
	Bars  []bar
}

// bar is one bar: a strategy and kernel, and its ns per object.
type bar struct {
	Label string
	Value float64
	Color string
}

var strategyColors = map[string]string{
	strategyOneAtATime: "#9e9e9e",
	strategyPerLevel:   "#4f81bd",
	strategyLockstep:   "#e07b39",
}

// chartGroups picks the rows of the chart from rs: every strategy and
// kernel of one workload at one worker count, grouped by hash function.
func chartGroups(rs []result, workload string, workers int) []barGroup {
	var groups []barGroup
	index := map[string]int{}
	for _, r := range rs {
		if r.Workload != workload || r.Workers != workers {
			continue
		}
		i, ok := index[r.Hash]
		if !ok {
			i = len(groups)
			index[r.Hash] = i
			groups = append(groups, barGroup{Title: r.Hash})
		}
		groups[i].Bars = append(groups[i].Bars, bar{
			Label: r.Strategy + " · " + r.Kernel,
			Value: r.nsPerObject(),
			Color: strategyColors[r.Strategy],
		})
	}
	return groups
}

// writeSVG draws grouped horizontal bars as a self-contained SVG: one
// group per hash function, one bar per strategy and kernel, the length
// proportional to ns per object. Horizontal bars keep long kernel names
// readable without rotated text.
func writeSVG(w io.Writer, title, unit string, groups []barGroup) error {
	const (
		width      = 900
		labelWidth = 330
		barHeight  = 18
		barGap     = 6
		groupGap   = 34
		top        = 64
		right      = 90
	)
	maxValue := 0.0
	rows := 0
	for _, g := range groups {
		rows += len(g.Bars)
		for _, b := range g.Bars {
			maxValue = math.Max(maxValue, b.Value)
		}
	}
	if maxValue == 0 {
		maxValue = 1
	}
	height := top + rows*(barHeight+barGap) + len(groups)*groupGap + 40
	plotWidth := float64(width - labelWidth - right)

	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&sb, `<rect width="100%%" height="100%%" fill="#ffffff"/>`+"\n")
	fmt.Fprintf(&sb, `<text x="%d" y="28" font-size="16" font-weight="bold">%s</text>`+"\n", 16, html.EscapeString(title))
	fmt.Fprintf(&sb, `<text x="%d" y="48" fill="#555">%s (shorter is faster)</text>`+"\n", 16, html.EscapeString(unit))
	y := top
	for _, g := range groups {
		fmt.Fprintf(&sb, `<text x="16" y="%d" font-size="14" font-weight="bold">%s</text>`+"\n", y+12, html.EscapeString(g.Title))
		y += groupGap - 10
		for _, b := range g.Bars {
			length := plotWidth * b.Value / maxValue
			fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", labelWidth-8, y+13, html.EscapeString(b.Label))
			color := b.Color
			if color == "" {
				color = "#777777"
			}
			fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", labelWidth, y, length, barHeight, color)
			fmt.Fprintf(&sb, `<text x="%.1f" y="%d" fill="#333">%s</text>`+"\n", float64(labelWidth)+length+6, y+13, formatValue(b.Value))
			y += barHeight + barGap
		}
		y += 10
	}
	sb.WriteString("</svg>\n")
	_, err := io.WriteString(w, sb.String())
	return err
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
