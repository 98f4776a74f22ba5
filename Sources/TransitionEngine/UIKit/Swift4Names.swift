// Swift 4.0 spellings that the iOS SDK rejects in Swift 5 mode.
//
// Swift 4.2 nested UIKit's and Core Animation's types and constants
// (`UIGestureRecognizerState` became `UIGestureRecognizer.State`,
// `kCAMediaTimingFunctionEaseIn` became `CAMediaTimingFunctionName.easeIn`).
// Code written for Swift 4.0 still turns up in tutorials and old apps. With
// the iOS SDK in Swift 5 mode it does not compile: the compiler says
// "'UIGestureRecognizerState' has been renamed to 'UIGestureRecognizer.State'"
// and offers the replacement as a fix-it. The declarations below give the
// engine the same errors and fix-its; none of them can be used.

// MARK: - Types nested in Swift 4.2

@available(*, unavailable, renamed: "UIGestureRecognizer.State")
public typealias UIGestureRecognizerState = UIGestureRecognizer.State

@available(*, unavailable, renamed: "UIView.AnimationOptions")
public typealias UIViewAnimationOptions = UIView.AnimationOptions

@available(*, unavailable, renamed: "UIView.KeyframeAnimationOptions")
public typealias UIViewKeyframeAnimationOptions = UIView.KeyframeAnimationOptions

@available(*, unavailable, renamed: "UIView.AnimationCurve")
public typealias UIViewAnimationCurve = UIView.AnimationCurve

@available(*, unavailable, renamed: "UIView.ContentMode")
public typealias UIViewContentMode = UIView.ContentMode

@available(*, unavailable, renamed: "UIView.AutoresizingMask")
public typealias UIViewAutoresizing = UIView.AutoresizingMask

@available(*, unavailable, renamed: "UIView.TintAdjustmentMode")
public typealias UIViewTintAdjustmentMode = UIView.TintAdjustmentMode

@available(*, unavailable, renamed: "UINavigationController.Operation")
public typealias UINavigationControllerOperation = UINavigationController.Operation

@available(*, unavailable, renamed: "UIControl.Event")
public typealias UIControlEvents = UIControl.Event

@available(*, unavailable, renamed: "UIControl.State")
public typealias UIControlState = UIControl.State

@available(*, unavailable, renamed: "UIButton.ButtonType")
public typealias UIButtonType = UIButton.ButtonType

@available(*, unavailable, renamed: "UIWindow.Level")
public typealias UIWindowLevel = UIWindow.Level

@available(*, unavailable, renamed: "UIFont.Weight")
public typealias UIFontWeight = UIFont.Weight

// MARK: - Transition context keys

@available(*, unavailable, renamed: "UITransitionContextViewControllerKey.from")
public let UITransitionContextFromViewControllerKey = UITransitionContextViewControllerKey.from

@available(*, unavailable, renamed: "UITransitionContextViewControllerKey.to")
public let UITransitionContextToViewControllerKey = UITransitionContextViewControllerKey.to

@available(*, unavailable, renamed: "UITransitionContextViewKey.from")
public let UITransitionContextFromViewKey = UITransitionContextViewKey.from

@available(*, unavailable, renamed: "UITransitionContextViewKey.to")
public let UITransitionContextToViewKey = UITransitionContextViewKey.to

// MARK: - Core Animation string constants

@available(*, unavailable, renamed: "CAMediaTimingFunctionName.linear")
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear

@available(*, unavailable, renamed: "CAMediaTimingFunctionName.easeIn")
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn

@available(*, unavailable, renamed: "CAMediaTimingFunctionName.easeOut")
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut

@available(*, unavailable, renamed: "CAMediaTimingFunctionName.easeInEaseOut")
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut

@available(*, unavailable, renamed: "CAMediaTimingFunctionName.default")
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default

@available(*, unavailable, renamed: "CAMediaTimingFillMode.forwards")
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards

@available(*, unavailable, renamed: "CAMediaTimingFillMode.backwards")
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards

@available(*, unavailable, renamed: "CAMediaTimingFillMode.both")
public let kCAFillModeBoth = CAMediaTimingFillMode.both

@available(*, unavailable, renamed: "CAMediaTimingFillMode.removed")
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed

@available(*, unavailable, renamed: "CATransitionType.fade")
public let kCATransitionFade = CATransitionType.fade

@available(*, unavailable, renamed: "CATransitionType.moveIn")
public let kCATransitionMoveIn = CATransitionType.moveIn

@available(*, unavailable, renamed: "CATransitionType.push")
public let kCATransitionPush = CATransitionType.push

@available(*, unavailable, renamed: "CATransitionType.reveal")
public let kCATransitionReveal = CATransitionType.reveal

@available(*, unavailable, renamed: "CATransitionSubtype.fromRight")
public let kCATransitionFromRight = CATransitionSubtype.fromRight

@available(*, unavailable, renamed: "CATransitionSubtype.fromLeft")
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft

@available(*, unavailable, renamed: "CATransitionSubtype.fromTop")
public let kCATransitionFromTop = CATransitionSubtype.fromTop

@available(*, unavailable, renamed: "CATransitionSubtype.fromBottom")
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom

@available(*, unavailable, renamed: "CAAnimationCalculationMode.linear")
public let kCAAnimationLinear = CAAnimationCalculationMode.linear

@available(*, unavailable, renamed: "CAAnimationCalculationMode.discrete")
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete

@available(*, unavailable, renamed: "CAAnimationCalculationMode.paced")
public let kCAAnimationPaced = CAAnimationCalculationMode.paced

@available(*, unavailable, renamed: "CAAnimationCalculationMode.cubic")
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic

@available(*, unavailable, renamed: "CAAnimationCalculationMode.cubicPaced")
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced

@available(*, unavailable, renamed: "CAAnimationRotationMode.rotateAuto")
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto

@available(*, unavailable, renamed: "CAAnimationRotationMode.rotateAutoReverse")
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse

// MARK: - Constants that became class properties

@available(*, unavailable, renamed: "UINavigationController.hideShowBarDuration")
public let UINavigationControllerHideShowBarDuration: CGFloat = UINavigationController.hideShowBarDuration
