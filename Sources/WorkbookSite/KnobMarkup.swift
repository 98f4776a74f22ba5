// KnobMarkup: the sliders of a snippet's knobs (see Chapter.Knob) and the
// output at each of their stops, for site.js. Without JavaScript the panel
// stays hidden and the verified output is all there is; with it, a slider
// shows the stop's output in place of the verified one, marks the
// verified value, and says when what is shown is not what was verified.
// In `workbook serve` the slider runs the exact value instead (the
// preview's run script, WorkbookServe/Preview/run.js).
import WorkbookModel

enum KnobMarkup {
  /// The knobs' panel, the verified output's body (`verified`) and each
  /// stop's body (`body(stop)`) in a template.
  static func panel(_ knobs: [KnobReport], snippet: Int, verified: HTML, body: (KnobReport.Stop) -> HTML) -> HTML {
    var sliders: [HTML] = []
    var templates: [HTML] = []
    for (number, knob) in knobs.enumerated() {
      let id = "knob-\(snippet)-\(number)"
      let values = ([knob.value] + knob.stops.map(\.value)).sorted { Double($0) ?? 0 < Double($1) ?? 0 }
      let ticks: [HTML] = values.map { "<option value=\"\($0)\"></option>" }
      sliders.append("""
        <div class="knob">\
        <label for="\(id)">\(knob.name)</label>\
        <input type="range" id="\(id)" data-knob="\(knob.name)" min="\(DiagramMarkup.diagramNumber(knob.low))" max="\(DiagramMarkup.diagramNumber(knob.high))" \
        step="any" value="\(knob.value)" data-verified="\(knob.value)" data-whole="\(knob.wholeNumbers ? "true" : "false")" \
        data-start="\(knob.start)" data-length="\(knob.length)" list="\(id)-stops">\
        <datalist id="\(id)-stops">\(ticks)</datalist>\
        <output for="\(id)" class="knob-value">\(knob.value)</output>\
        <span class="knob-verified">verified at \(knob.value)</span>\
        </div>
        """)
      for stop in knob.stops {
        templates.append("<template data-knob=\"\(knob.name)\" data-value=\"\(stop.value)\">\(body(stop))</template>")
      }
    }
    return """
      <div class="knobs" role="group" aria-label="Knobs: drag to see this output at other values" hidden>\(sliders)</div>\
      <p class="knob-note" role="status" hidden></p>\
      <div class="output-body">\(verified)</div>\(templates)
      """
  }
}
