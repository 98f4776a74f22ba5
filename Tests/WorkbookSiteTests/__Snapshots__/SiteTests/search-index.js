window.WORKBOOK_SEARCH = [
{"u":"01-basics.html","c":"Basics & alert(\"title\")","h":"Basics & alert(\"title\")","x":"A chapter for the site's tests: text with \u003cscript>alert(\"inline\")\u003c/script> in it, strong, struck and a link to the exercises. Visit https://example.com for nothing. \u003cdiv class=\"raw\">raw \u003cb>block\u003c/b>\u003c/div> Column Value alpha 1.0 done to do"},
{"u":"01-basics.html#setting-up","c":"Basics & alert(\"title\")","h":"Setting up","x":""},
{"u":"01-basics.html#a-diagram-that-plays","c":"Basics & alert(\"title\")","h":"A diagram that plays","x":""},
{"u":"01-basics.html#shown-not-checked","c":"Basics & alert(\"title\")","h":"Shown, not checked","x":""},
{"u":"02-exercises.html","c":"Exercises","h":"Exercises","x":"Practise what the basics showed."},
{"u":"02-exercises.html#fading-out","c":"Exercises","h":"Fading out","x":"Make the view's alpha reach 0, then print it. Set alpha on the view. The value to print is 0.0. The phrase quokka transitions appears only here, for search."}
];
