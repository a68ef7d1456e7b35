// Measures the timelines of a cbcheck HTML report as the browser laid them out, for
// HTMLReportTests: the report (which forbids scripts) is in an iframe beside this script, and
// what its boxes measure on screen is written as JSON into #result, which `--dump-dom` prints.
// Only the browser's layout is measured here; the test decides what is right.
function box(element) {
  const r = element.getBoundingClientRect();
  return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
}

// Each mark, band period and tick as { name, line, box }: a mark's name is "event" or
// "evidence", a period's its state, a tick's its label.
function measure(doc) {
  const lineOf = (mark) => Number((mark.querySelector('title').textContent.match(/^line (\d+):/) || [])[1]);
  return [...doc.querySelectorAll('section svg')].map((svg) => ({
    lanes: [...svg.querySelectorAll('g.lane')].map((lane) => {
      const label = lane.querySelector('text.lane-label');
      return {
        label: label ? label.textContent : '',
        labelBox: label ? box(label) : null,
        isThread: lane.classList.contains('thread-lane'),
        marks: [...lane.querySelectorAll('circle, polygon')].map((mark) => ({
          name: mark.tagName === 'polygon' ? 'evidence' : 'event',
          line: lineOf(mark),
          box: box(mark),
        })),
      };
    }),
    band: [...svg.querySelectorAll('rect.state')].map((rect) => ({
      name: rect.dataset.state,
      line: Number(rect.dataset.line),
      box: box(rect),
    })),
    ticks: [...svg.querySelectorAll('text.tick')].map((tick) => ({ name: tick.textContent, line: null, box: box(tick) })),
  }));
}

const frame = document.getElementById('report');
frame.addEventListener('load', () => {
  let result;
  try {
    result = JSON.stringify(measure(frame.contentDocument));
  } catch (error) {
    result = 'error: ' + error;
  }
  document.getElementById('result').textContent = result;
});
